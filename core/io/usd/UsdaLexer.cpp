#include "core/io/usd/UsdaLexer.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace hyperrig::core::io::usd {
namespace {

bool usdaIdentifierStart(char c) {
    const auto u = static_cast<unsigned char>(c);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || u >= 0x80;
}

bool usdaIdentifierChar(char c) {
    return usdaIdentifierStart(c) || (c >= '0' && c <= '9');
}

bool usdaDigit(char c) {
    return c >= '0' && c <= '9';
}

} // namespace

UsdaLexer::UsdaLexer(std::string_view text, std::string sourceName)
    : m_text(text), m_sourceName(std::move(sourceName)) {}

Error UsdaLexer::errorAt(const TextPlace& place, const std::string& message) const {
    return Error(m_sourceName + ":" + std::to_string(place.line) + ":" +
                 std::to_string(place.column) + ": " + message);
}

char UsdaLexer::at(std::size_t offset) const {
    return m_offset + offset < m_text.size() ? m_text[m_offset + offset] : '\0';
}

void UsdaLexer::advance(std::size_t count) {
    for (std::size_t i = 0; i < count && m_offset < m_text.size(); ++i) {
        if (m_text[m_offset] == '\n') {
            ++m_line;
            m_column = 1;
        } else {
            ++m_column;
        }
        ++m_offset;
    }
}

Result<Token> UsdaLexer::peek() {
    if (!m_hasPeeked) {
        auto token = lex();
        if (!token)
            return token.error();
        m_peeked = std::move(*token);
        m_hasPeeked = true;
    }
    return m_peeked;
}

Result<Token> UsdaLexer::next() {
    if (m_hasPeeked) {
        m_hasPeeked = false;
        return std::move(m_peeked);
    }
    return lex();
}

Result<void> UsdaLexer::skipSpaceAndComments() {
    while (m_offset < m_text.size()) {
        const char c = at();
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
            advance();
        } else if (c == '#' || (c == '/' && at(1) == '/')) {
            while (m_offset < m_text.size() && at() != '\n')
                advance();
        } else if (c == '/' && at(1) == '*') {
            const TextPlace start = here();
            advance(2);
            while (m_offset < m_text.size() && !(at() == '*' && at(1) == '/'))
                advance();
            if (m_offset >= m_text.size())
                return errorAt(start, "unterminated /* comment");
            advance(2);
        } else {
            break;
        }
    }
    return {};
}

Result<Token> UsdaLexer::lex() {
    if (auto skipped = skipSpaceAndComments(); !skipped)
        return skipped.error();
    Token token;
    token.place = here();
    if (m_offset >= m_text.size())
        return token; // End
    const char c = at();
    if (c == '"' || c == '\'')
        return lexString(token.place);
    if (usdaDigit(c) || ((c == '-' || c == '+' || c == '.') && usdaDigit(at(1))) ||
        (c == '-' && at(1) == '.' && usdaDigit(at(2))))
        return lexNumber(token.place);
    if (c == '-' && at(1) == 'i' && at(2) == 'n' && at(3) == 'f' && !usdaIdentifierChar(at(4))) {
        advance(4);
        token.kind = Token::Kind::Number;
        token.number = -std::numeric_limits<double>::infinity();
        token.text = "-inf";
        return token;
    }
    if (usdaIdentifierStart(c)) {
        const std::size_t begin = m_offset;
        while (true) {
            while (usdaIdentifierChar(at()))
                advance();
            // Namespaces: a ':' directly followed by another word continues the name.
            if (at() == ':' && usdaIdentifierStart(at(1)))
                advance();
            else
                break;
        }
        token.kind = Token::Kind::Identifier;
        token.text = std::string(m_text.substr(begin, m_offset - begin));
        return token;
    }
    if (c == '@')
        return lexDelimited(token.place, '@', Token::Kind::Asset);
    if (c == '<')
        return lexDelimited(token.place, '>', Token::Kind::Path);
    token.kind = Token::Kind::Punct;
    token.punct = c;
    token.text = std::string(1, c);
    advance();
    return token;
}

Result<Token> UsdaLexer::lexString(TextPlace start) {
    const char quote = at();
    const bool triple = at(1) == quote && at(2) == quote;
    advance(triple ? 3 : 1);
    Token token;
    token.kind = Token::Kind::String;
    token.place = start;
    while (true) {
        if (m_offset >= m_text.size())
            return errorAt(start, "unterminated string (it starts here and the file ends "
                                  "before its closing quote)");
        const char c = at();
        if (!triple && c == '\n')
            return errorAt(start, "unterminated string (the line ends before its closing "
                                  "quote; use \"\"\" for text over several lines)");
        if (c == quote && (!triple || (at(1) == quote && at(2) == quote))) {
            advance(triple ? 3 : 1);
            return token;
        }
        if (c == '\\') {
            const char escaped = at(1);
            if (m_offset + 1 >= m_text.size())
                continue; // reported as unterminated above
            advance(2);
            switch (escaped) {
            case 'n':
                token.text += '\n';
                break;
            case 't':
                token.text += '\t';
                break;
            case 'r':
                token.text += '\r';
                break;
            case '0':
                token.text += '\0';
                break;
            default:
                token.text += escaped;
                break;
            }
            continue;
        }
        token.text += c;
        advance();
    }
}

Result<Token> UsdaLexer::lexNumber(TextPlace start) {
    const std::size_t begin = m_offset;
    if (at() == '-' || at() == '+')
        advance();
    while (usdaDigit(at()))
        advance();
    if (at() == '.') {
        advance();
        while (usdaDigit(at()))
            advance();
    }
    if ((at() == 'e' || at() == 'E') &&
        (usdaDigit(at(1)) || ((at(1) == '-' || at(1) == '+') && usdaDigit(at(2))))) {
        advance(2);
        while (usdaDigit(at()))
            advance();
    }
    if (usdaIdentifierChar(at()))
        return errorAt(start, "malformed number '" +
                                  std::string(m_text.substr(begin, m_offset - begin + 1)) + "'");
    std::string text(m_text.substr(begin, m_offset - begin));
    std::string parse = text;
    if (!parse.empty() && parse[0] == '+')
        parse.erase(0, 1);
    // from_chars does not take ".5" with a leading sign-less dot in every library: add the 0.
    if (!parse.empty() && parse[0] == '.')
        parse.insert(0, "0");
    else if (parse.size() > 1 && parse[0] == '-' && parse[1] == '.')
        parse.insert(1, "0");
    double value = 0.0;
    const auto [end, error] = std::from_chars(parse.data(), parse.data() + parse.size(), value);
    if (error == std::errc::result_out_of_range) {
        value = parse[0] == '-' ? -std::numeric_limits<double>::infinity()
                                : std::numeric_limits<double>::infinity();
        // A subnormal underflow is 0, not infinity.
        const auto e = parse.find_first_of("eE");
        if (e != std::string::npos && e + 1 < parse.size() && parse[e + 1] == '-')
            value = 0.0;
    } else if (error != std::errc() || end != parse.data() + parse.size()) {
        return errorAt(start, "malformed number '" + text + "'");
    }
    Token token;
    token.kind = Token::Kind::Number;
    token.number = value;
    token.text = std::move(text);
    token.place = start;
    return token;
}

Result<Token> UsdaLexer::lexDelimited(TextPlace start, char close, Token::Kind kind) {
    Token token;
    token.kind = kind;
    token.place = start;
    const bool tripleAt = kind == Token::Kind::Asset && at(1) == '@' && at(2) == '@';
    advance(tripleAt ? 3 : 1);
    while (true) {
        if (m_offset >= m_text.size() || (!tripleAt && at() == '\n'))
            return errorAt(start, kind == Token::Kind::Asset
                                      ? "unterminated asset path (no closing @)"
                                      : "unterminated path (no closing >)");
        if (tripleAt ? (at() == '@' && at(1) == '@' && at(2) == '@') : at() == close) {
            advance(tripleAt ? 3 : 1);
            return token;
        }
        token.text += at();
        advance();
    }
}

} // namespace hyperrig::core::io::usd
