/// Small text helpers the reports and catalogues share.
extension String {
    /// The text with `|` escaped, for a cell of a markdown table.
    public var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }

    public func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
    public func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

/// 1,234,567
public func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return value < 0 ? "-" + result : result
}
