import Checker
import ModelKit
import Testing

/// Reading JSON from outside: what is valid reads back as itself, what is not is refused with
/// the place and the problem, and nothing crashes.
@Suite("JSON text is read strictly")
struct JSONParsingTests {
    @Test("Valid documents read as what they say, written back compactly", arguments: [
        (#" {"a": 1, "b": [true, false, null], "c": {"d": "e"}} "#, #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#),
        ("[ ]", "[]"), ("{ }", "{}"), ("-12", "-12"), ("1.5", "1.5"), (#""x\"y\\z\n""#, #""x\"y\\z\n""#),
        ("[1e3]", "[1000.0]"),
    ])
    func valid(_ text: String, _ compact: String) throws {
        #expect(try JSON.parse(text).rendered(pretty: false) == compact)
    }

    @Test("Whole numbers read as integers, members keep their order, escapes decode")
    func values() throws {
        #expect(try JSON.parse(#"{"z":1,"a":2}"#).rendered(pretty: false) == #"{"z":1,"a":2}"#)
        #expect(try JSON.parse("42") == .integer(42))
        #expect(try JSON.parse("4.5") == .number(4.5))
        #expect(try JSON.parse(#""\u00e9\ud83d\ude95""#) == .string("é🚕"))
        #expect(try JSON.parse(" \n true \t") == .bool(true))
    }

    @Test(
        "Invalid text is refused with where and why",
        arguments: [
            ("", "the text ends where a value should be"), ("{", "expected a member's name in quotes"),
            (#"{"a" 1}"#, "expected ':' after a member's name"), (#"{"a":1,"a":2}"#, "member 'a' appears twice"),
            ("[1,]", "unexpected character ']'"), ("01", "a number has a leading zero"),
            ("1.", "a fraction needs digits"),
            (#""abc"#, "the text ends inside a string"), ("tru", "expected true"), ("{} x", "text after the value"),
            (#""\q""#, "unknown escape '\\q'"), (#""\ud800""#, "\\u escape of a lone surrogate"),
            (String(repeating: "[", count: 100), "nested deeper than 64"),
        ])
    func refused(_ text: String, _ problem: String) {
        #expect { try JSON.parse(text) } throws: { ($0 as? JSONParseError)?.problem == problem }
    }
}
