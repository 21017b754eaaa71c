/// The stored form of a password: reversible, because forgot-password mails the password
/// back (seed 004 UC04 step 9, decision D2). NOT a real cipher (the toolchain has none on
/// Linux without dependencies): a keyed byte shuffle written as hex, so that no stored password
/// equals its plaintext. A real deployment would store a salted hash and mail a reset link.
enum PasswordCipher {
    static let key: [UInt8] = Array("ridecheck-cab".utf8)

    static func encipher(_ plain: String) -> String {
        Array(plain.utf8).enumerated().map { index, byte in
            let mixed = byte ^ key[index % key.count] ^ UInt8(truncatingIfNeeded: index * 31)
            return String(mixed, radix: 16).count == 1 ? "0" + String(mixed, radix: 16) : String(mixed, radix: 16)
        }.joined()
    }

    static func decipher(_ stored: String) -> String {
        var bytes: [UInt8] = []
        var digits = Substring(stored)
        while digits.count >= 2 {
            let pair = digits.prefix(2)
            digits = digits.dropFirst(2)
            let index = bytes.count
            bytes.append(UInt8(pair, radix: 16)! ^ key[index % key.count] ^ UInt8(truncatingIfNeeded: index * 31))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
