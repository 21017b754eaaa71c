import Foundation

/// Where a check's levels go when they would outgrow its memory budget and `--levels-dir`
/// names no folder (`ExplorationOptions.spillDirectory`).
///
/// `$TMPDIR` when it names a folder this process may write in, else `/var/tmp`: not `/tmp`,
/// which is memory itself (tmpfs) on many Linux systems, where the levels would take what
/// they were moved to give back. Nil when neither will do: the search stops at the budget.
enum LevelsDefault {
    static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let candidates = [environment["TMPDIR"], "/var/tmp"].compactMap { $0 }.filter { !$0.isEmpty }
        return candidates.first { Output.kind(of: $0) == .folder && access($0, W_OK | X_OK) == 0 }
    }
}
