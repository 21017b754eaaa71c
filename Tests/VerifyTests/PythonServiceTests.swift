import Checker
import Foundation
import ModelKit
import Testing

@testable import VerifyKit

/// A Python 3 that can copy an SQLite database into memory and back (3.11 and later).
enum PythonWithSQLite {
    static let path: String? = ServiceProtocolTests.python.flatMap { python in
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import sqlite3; sqlite3.Connection.serialize"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? python : nil
    }
}

/// The Mobile Cab Booking service written in Python with its data in SQLite
/// (Examples/CabBookingService), checked over the protocol as a team would check its own: it
/// conforms in the ci scope with one process as with two, and each planted fault that a short
/// path reaches is caught. The rest of its faults and the whole scopes run in its `check` script.
///
/// Nested in the serialized suite of service checks: no other check's processes run beside it
/// when it counts what was left running.
extension ServiceProtocolTests {
    @Suite(
        "The Python cab booking service over the protocol",
        .enabled(if: PythonWithSQLite.path != nil, "needs Python 3.11 or later (sqlite3's serialize)"))
    struct PythonService {
        static let service = repository.appendingPathComponent("Examples/CabBookingService/serve.py")
            .path
        static let python = PythonWithSQLite.path

        func check(fault: String? = nil, workers: Int = 2, depth: Int = 3) throws -> (code: Int32, out: String) {
            let python = try #require(Self.python)
            let folder = NSTemporaryDirectory() + "/ridecheck-python-test-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let command = (fault.map { "env MYBOOKING_FAULT=\($0) " } ?? "") + "\(python) \(Self.service)"
            var arguments = [
                "check", "--model", "cabbooking", "--scope", "ci", "--set", "depth=\(depth)", "--quiet",
                "--workers", "\(workers)", "--output", folder + "/report.txt", "--implementation", command,
            ]
            if fault != nil { arguments.append("--stop-at-first") }
            let result = runVerify(arguments)
            let report = (try? String(contentsOfFile: folder + "/report.txt", encoding: .utf8)) ?? ""
            return (result.code, report + result.out + result.err)
        }

        @Test("The Python service conforms in the ci scope, with one process as with two")
        func conforms() throws {
            let one = try check(workers: 1)
            let two = try check(workers: 2)
            #expect(one.code == 0, "\(one.out)")
            #expect(two.code == 0, "\(two.out)")
            let figures = { (report: String) in
                report.split(separator: "\n").first { $0.contains("distinct states") }?.components(
                    separatedBy: ", depth"
                )
                .first
            }
            #expect(figures(one.out) != nil && figures(one.out) == figures(two.out), "\(one.out)\n\(two.out)")
            #expect(two.out.contains(try Regex("\nConformance +holds")), "\(two.out)")
            #expect(ServiceProcesses.count == 0)
        }

        @Test(
            "Each fault planted in the Python service that a short path reaches is caught",
            arguments: [
                ("too-soon-at-thirty", "after bookLater(passenger: p1, pickup: L0, lead: 30)"),
                ("cancel-keeps-cab", "/cabs/c1/booking: null → \"b1\""),
                ("refill-retry-credited-again", "/passengers/p1/balance: 60000 → 110000"),
                ("clash-counts-cancelled", "\"M13 booking confirmed\" → \"M16 a booking exists then\""),
            ])
        func faultCaught(fault: String, shown: String) throws {
            let result = try check(fault: fault)
            #expect(result.code == 1, "\(result.out)")
            #expect(result.out.contains(shown), "\(result.out)")
        }
    }
}
