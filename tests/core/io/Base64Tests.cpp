#include "core/io/Base64.h"
#include "tests/core/io/IoTestSupport.h"

#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>

using namespace hyperrig::core::io;
using hyperrig::test::bytesOf;
using hyperrig::test::genBytes;
using hyperrig::test::textOf;

namespace {

std::string decodeError(std::string_view text) {
    const auto decoded = decodeBase64(text);
    REQUIRE_FALSE(decoded.ok());
    return decoded.error().message();
}

std::string uriError(std::string_view uri) {
    const auto decoded = parseDataUri(uri);
    REQUIRE_FALSE(decoded.ok());
    return decoded.error().message();
}

} // namespace

TEST_CASE("base64 encodes and decodes the RFC 4648 test vectors", "[io][base64]") {
    const std::pair<std::string_view, std::string_view> vectors[] = {{"", ""},
                                                                     {"f", "Zg=="},
                                                                     {"fo", "Zm8="},
                                                                     {"foo", "Zm9v"},
                                                                     {"foob", "Zm9vYg=="},
                                                                     {"fooba", "Zm9vYmE="},
                                                                     {"foobar", "Zm9vYmFy"}};
    for (const auto& [plain, encoded] : vectors) {
        CHECK(encodeBase64(bytesOf(plain)) == encoded);
        const auto decoded = decodeBase64(encoded);
        REQUIRE(decoded.ok());
        CHECK(textOf(*decoded) == plain);
    }
    SECTION("all byte values survive") {
        std::vector<std::byte> all;
        for (int i = 0; i < 256; ++i)
            all.push_back(static_cast<std::byte>(i));
        const auto decoded = decodeBase64(encodeBase64(all));
        REQUIRE(decoded.ok());
        CHECK(*decoded == all);
    }
}

TEST_CASE("base64 decoding tolerates missing padding but no impossible lengths", "[io][base64]") {
    SECTION("missing or partial padding decodes like full padding") {
        for (std::string_view text : {"Zg", "Zg=", "Zg=="})
            CHECK(textOf(decodeBase64(text).value()) == "f");
        CHECK(textOf(decodeBase64("Zm8").value()) == "fo");
        CHECK(textOf(decodeBase64("Zm9vYmE").value()) == "fooba");
    }
    SECTION("unused low bits of the last group are ignored") {
        CHECK(textOf(decodeBase64("Zh==").value()) == "f");
    }
    SECTION("a final group of one character is impossible") {
        CHECK(decodeError("Zm9vY") == "impossible base64 length: the final group at offset 4 has "
                                      "a single character, which encodes no whole byte");
        CHECK(decodeError("Z") == "impossible base64 length: the final group at offset 0 has a "
                                  "single character, which encodes no whole byte");
    }
    SECTION("padding beyond the final group is an error at its offset") {
        CHECK(decodeError("Zm9v=") == "unexpected padding '=' at offset 4");
        CHECK(decodeError("Zg===") == "unexpected padding '=' at offset 4");
        CHECK(decodeError("=") == "unexpected padding '=' at offset 0");
    }
    SECTION("data after padding is an error at its offset") {
        CHECK(decodeError("Zg==Zg==") == "base64 data after padding '=' at offset 4");
    }
}

TEST_CASE("base64 decoding names the first bad character and its offset", "[io][base64]") {
    CHECK(decodeError("Zm9v!mFy") == "invalid base64 character '!' at offset 4");
    SECTION("whitespace and line breaks are not skipped") {
        CHECK(decodeError("Zm9v\nYmFy") == "invalid base64 byte 0x0A at offset 4");
        CHECK(decodeError(" Zm9v") == "invalid base64 character ' ' at offset 0");
    }
    SECTION("the URL-safe alphabet is refused") {
        CHECK(decodeError("ab-_") == "invalid base64 character '-' at offset 2");
    }
    SECTION("non-ASCII bytes are shown in hex") {
        CHECK(decodeError("Zm9v\xC3\xA9") == "invalid base64 byte 0xC3 at offset 4");
    }
    SECTION("a bad character inside the padding is reported as such") {
        CHECK(decodeError("Zg=!") == "invalid base64 character '!' at offset 3");
    }
}

TEST_CASE("base64 data URIs decode the two buffer media types", "[io][base64]") {
    SECTION("application/octet-stream and application/gltf-buffer") {
        CHECK(textOf(parseDataUri("data:application/octet-stream;base64,Zm9vYmFy").value()) ==
              "foobar");
        CHECK(textOf(parseDataUri("data:application/gltf-buffer;base64,Zm9v").value()) == "foo");
    }
    SECTION("scheme, media type and base64 token are case-insensitive") {
        CHECK(textOf(parseDataUri("DATA:Application/Octet-Stream;BASE64,Zm9v").value()) == "foo");
    }
    SECTION("media type parameters are ignored") {
        CHECK(
            textOf(parseDataUri("data:application/octet-stream;name=a.bin;base64,Zm9v").value()) ==
            "foo");
    }
    SECTION("an empty payload is an empty buffer") {
        CHECK(parseDataUri("data:application/octet-stream;base64,").value().empty());
    }
    SECTION("makeDataUri writes the octet-stream form and parses back") {
        const auto bytes = bytesOf("any bytes\x01\xFF");
        const std::string uri = makeDataUri(bytes);
        CHECK(uri.starts_with("data:application/octet-stream;base64,"));
        CHECK(parseDataUri(uri).value() == bytes);
    }
}

TEST_CASE("base64 data URIs reject other media types and encodings", "[io][base64]") {
    CHECK(uriError("data:image/png;base64,AAAA") ==
          "unsupported data URI media type 'image/png': buffers must be "
          "application/octet-stream or application/gltf-buffer");
    CHECK(uriError("data:;base64,AAAA") ==
          "unsupported data URI media type '': buffers must be application/octet-stream or "
          "application/gltf-buffer");
    CHECK(uriError("data:application/octet-stream,foo") ==
          "data URI is not base64-encoded (';base64' missing before ',')");
    CHECK(uriError("buffer.bin") == "not a data URI: it does not start with 'data:'");
    CHECK(uriError("data:application/octet-stream;base64") ==
          "malformed data URI: no ',' separates the header from the data");
    SECTION("bad base64 offsets count from the start of the URI") {
        // The 37-character prefix puts the '!' at offset 40.
        CHECK(uriError("data:application/octet-stream;base64,QUJ!") ==
              "invalid base64 character '!' at offset 40");
    }
}

TEST_CASE("base64 round trips and survives hostile text", "[io][base64][property]") {
    rc::prop("decode(encode(bytes)) == bytes", [] {
        const auto bytes = *genBytes();
        const auto decoded = decodeBase64(encodeBase64(bytes));
        RC_ASSERT(decoded.ok());
        RC_ASSERT(*decoded == bytes);
    });
    rc::prop("dropping the padding changes nothing", [] {
        const auto bytes = *genBytes();
        std::string text = encodeBase64(bytes);
        while (!text.empty() && text.back() == '=')
            text.pop_back();
        RC_ASSERT(decodeBase64(text).value() == bytes);
    });
    rc::prop("data URIs round trip", [] {
        const auto bytes = *genBytes();
        RC_ASSERT(parseDataUri(makeDataUri(bytes)).value() == bytes);
    });
    rc::prop("arbitrary text decodes or fails, and what decodes re-encodes to itself", [] {
        const auto text = *rc::gen::arbitrary<std::string>();
        const auto decoded = decodeBase64(text);
        if (decoded.ok()) {
            const auto again = decodeBase64(encodeBase64(*decoded));
            RC_ASSERT(again.ok());
            RC_ASSERT(*again == *decoded);
        } else {
            RC_ASSERT(!decoded.error().message().empty());
        }
    });
    rc::prop("text from the base64 alphabet and '=' never crashes the decoder", [] {
        const auto text = *rc::gen::container<std::string>(
            rc::gen::element('A', 'Z', 'a', 'z', '0', '9', '+', '/', '=', '=', '-', ' '));
        const auto decoded = decodeBase64(text);
        RC_ASSERT((decoded.ok() || !decoded.error().message().empty()));
        const auto uri = parseDataUri("data:application/octet-stream;base64," + text);
        RC_ASSERT(uri.ok() == decoded.ok());
    });
}
