#pragma once

#include "core/base/Result.h"
#include "core/io/usd/UsdaSyntax.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace hyperrig::core::io::usd {

// Tokens of the .usda text format (usdskel.md §12.1), read one at a time so that a large file
// never exists twice in memory. Comments (#, //, /* */) and whitespace, newlines included, are
// skipped: the grammar subset HyperRig reads never needs newlines to tell statements apart.
struct Token {
    enum class Kind {
        End,
        Identifier, // words, namespaced with ':' (primvars:skel:jointIndices)
        Number,
        String,
        Asset, // @…@ or @@@…@@@ (text without the delimiters)
        Path,  // <…> (text without the brackets)
        Punct, // one of ( ) [ ] { } = , ; : . and anything else as a single character
    };
    Kind kind = Kind::End;
    std::string text;
    double number = 0.0;
    char punct = 0;
    TextPlace place;

    bool is(char c) const { return kind == Kind::Punct && punct == c; }
    bool isWord(std::string_view word) const { return kind == Kind::Identifier && text == word; }
};

class UsdaLexer {
public:
    // `text` must outlive the lexer. `sourceName` prefixes error messages.
    UsdaLexer(std::string_view text, std::string sourceName);

    // The next token without consuming it, or the error at that place (an unterminated string,
    // asset path or comment; a malformed number).
    Result<Token> peek();
    Result<Token> next();
    // Drops the token peek() returned (contract: peek() succeeded just before).
    void skip() { m_hasPeeked = false; }
    // Where the next unread character is.
    TextPlace here() const { return {m_line, m_column}; }
    const std::string& sourceName() const { return m_sourceName; }
    // "<source>:<line>:<column>: <message>".
    Error errorAt(const TextPlace& place, const std::string& message) const;

private:
    Result<Token> lex();
    Result<void> skipSpaceAndComments();
    char at(std::size_t offset = 0) const;
    void advance(std::size_t count = 1);
    Result<Token> lexString(TextPlace start);
    Result<Token> lexNumber(TextPlace start);
    Result<Token> lexDelimited(TextPlace start, char close, Token::Kind kind);

    std::string_view m_text;
    std::string m_sourceName;
    std::size_t m_offset = 0;
    std::size_t m_line = 1;
    std::size_t m_column = 1;
    bool m_hasPeeked = false;
    Token m_peeked;
};

} // namespace hyperrig::core::io::usd
