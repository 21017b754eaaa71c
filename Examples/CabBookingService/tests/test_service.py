"""The service's rules, one test each, on a fresh database in memory."""

import unittest

from mybooking.policy import Config, Place, Policy
from mybooking.service import BookingService, Rejected, decipher
from mybooking.store import open_database

HERE, THERE, OUTSIDE = (12.9716, 77.5946), (12.9716, 77.6046), (13.5, 78.5)


def config(**policy):
    places = {"L0": Place(*HERE, True), "L1": Place(*THERE, True), "L2": Place(*OUTSIDE, False)}
    roads = {(a, b): (0 if a == b else 30, 0 if a == b else 4_000) for a in places for b in places}
    fares = {"Nano": (12_000, 1_000), "Hatchback": (15_000, 1_200), "Sedan": (20_000, 1_500)}
    return Config(policy=Policy(day=40, maximum_lead=120, **policy), places=places, roads=roads, fares=fares,
                  first_booking_number=999_999)


def service(faults=frozenset(), **policy):
    db = open_database(":memory:")
    db.execute("INSERT INTO clock VALUES (0)")
    db.execute("INSERT INTO booking_counter VALUES (999999)")
    db.execute("INSERT INTO cabs (number, cab_type, place) VALUES"
               " ('KA01C001', 'Nano', 'L0'), ('KA01C002', 'Nano', 'L1')")
    booking = BookingService(db, config(**policy), frozenset(faults))
    booking.register("a@example.com", "9876543210", "Alpha001", "Alpha001")
    booking.login("9876543210", "Alpha001")
    return booking


def dump(booking):
    return list(booking.db.iterdump())


class Accounts(unittest.TestCase):
    def test_third_wrong_password_suspends_for_a_day(self):
        s = service()
        s.logout(1)
        codes = [s.login("9876543210", "Wrong000").code for _ in range(3)]
        self.assertEqual(codes, ["M06", "M06", "M07"])
        self.assertEqual(s.passenger(1)["suspended_until"], 40)
        self.assertEqual(s.login("9876543210", "Alpha001").code, "M07")  # neither counted nor extended
        self.assertEqual(s.passenger(1)["suspended_until"], 40)
        s.advance_clock(40)
        self.assertEqual(s.login("9876543210", "Alpha001").code, "M05")

    def test_fourth_failure_fault_suspends_late(self):
        s = service({"lockout-at-fourth-failure"})
        s.logout(1)
        codes = [s.login("9876543210", "Wrong000").code for _ in range(3)]
        self.assertEqual(codes, ["M06", "M06", "M06"])

    def test_password_stored_enciphered_and_changed(self):
        s = service()
        self.assertNotEqual(s.passenger(1)["password_cipher"], "Alpha001")
        self.assertEqual(s.change_password("9876543210", "Alpha001", "Bravo001", "Bravo001").code, "M10")
        self.assertEqual(decipher(s.passenger(1)["password_cipher"], 1), "Bravo001")
        self.assertFalse(s.passenger(1)["logged_in"])

    def test_mobile_and_email_unique(self):
        s = service()
        self.assertEqual(s.register("a@example.com", "9876543211", "Alpha002", "Alpha002").code, "M04")
        self.assertEqual(s.register("b@example.com", "9876543210", "Alpha002", "Alpha002").code, "M04b")


class Bookings(unittest.TestCase):
    def test_numbers_are_six_digits_wrap_and_are_never_reissued(self):
        s = service()
        s.book_later(1, HERE, 31)
        s.cancel(1, 999_999)
        s.book_later(1, HERE, 100)
        numbers = [row[0] for row in s.db.execute("SELECT number FROM bookings ORDER BY made_order")]
        self.assertEqual(numbers, [999_999, 100_000])

    def test_later_booking_window(self):
        s = service()
        self.assertEqual(s.book_later(1, HERE, 30).code, "M15")  # 30 minutes ahead is too soon
        self.assertEqual(s.book_later(1, HERE, 121).code, "M18")
        self.assertEqual(s.book_later(1, HERE, 120).code, "M13")  # three compressed days, inclusive
        self.assertEqual(service({"too-soon-at-thirty"}).book_later(1, HERE, 30).code, "M13")

    def test_clash_window_includes_thirty_minutes(self):
        s = service()
        s.book_later(1, HERE, 40)
        self.assertEqual(s.book_later(1, HERE, 70).code, "M16")
        self.assertEqual(s.book_later(1, HERE, 71).code, "M13")

    def test_cancelled_booking_clashes_only_with_the_fault(self):
        for faults, code in ((set(), "M13"), ({"clash-counts-cancelled"}, "M16")):
            s = service(faults)
            s.book_later(1, HERE, 40)
            s.cancel(1, 999_999)
            self.assertEqual(s.book_later(1, HERE, 50).code, code)

    def test_book_now_takes_the_fastest_cab_and_cancel_frees_it(self):
        s = service()
        self.assertEqual(s.book_now(1, THERE).code, "M13")
        self.assertEqual(s.db.execute("SELECT serving FROM cabs WHERE number = 'KA01C002'").fetchone()[0], 999_999)
        s.cancel(1, 999_999)
        self.assertIsNone(s.db.execute("SELECT serving FROM cabs WHERE number = 'KA01C002'").fetchone()[0])
        kept = service({"cancel-keeps-cab"})
        kept.book_now(1, THERE)
        kept.cancel(1, 999_999)
        self.assertIsNotNone(kept.db.execute("SELECT serving FROM cabs WHERE number = 'KA01C002'").fetchone()[0])

    def test_outside_the_area(self):
        self.assertEqual(service().book_now(1, OUTSIDE).code, "M33")

    def test_a_rejected_request_changes_nothing(self):
        s = service()
        s.book_later(1, HERE, 40)
        before = dump(s)
        with self.assertRaises(Rejected):
            s.send_feedback(1, 999_999, "early")
        with self.assertRaises(Rejected):
            s.cancel(2, 999_999)
        self.assertEqual(dump(s), before)

    def test_later_booking_gets_its_cab_twenty_minutes_before(self):
        s = service()
        s.book_later(1, HERE, 60)
        s.advance_clock(39)
        self.assertEqual(s.db.execute("SELECT state FROM bookings").fetchone()[0], "SCHEDULED")
        s.advance_clock(1)
        # Designated at minute 40, by the cab waiting at the pickup, which is there the same minute.
        self.assertEqual(s.db.execute("SELECT state, cab_due_at FROM bookings").fetchone()[:], ("CAB_ARRIVED", 40))


class Money(unittest.TestCase):
    def travel(self, faults=frozenset(), balance=0, waited=0):
        s = service(faults)
        s.db.execute("UPDATE passengers SET wallet_enrolled = 1")
        if balance:
            s.db.execute("INSERT INTO wallet_entries (passenger, paise, reason) VALUES (1, ?, 'opening')", (balance,))
        s.book_now(1, HERE)
        s.advance_clock(1 + waited)
        s.board(999_999)
        return s, s.end_travel(999_999, THERE, True)

    def test_waiting_is_charged_per_started_block(self):
        s, _ = self.travel(waited=40)  # the cab arrived at minute 0; boarded at 41
        self.assertEqual(s.db.execute("SELECT fare FROM bookings").fetchone()[0], 12_000 + 4_000 + 2 * 5_000)
        s, _ = self.travel({"waiting-per-completed-block"}, waited=40)
        self.assertEqual(s.db.execute("SELECT fare FROM bookings").fetchone()[0], 12_000 + 4_000 + 5_000)

    def test_wallet_pays_the_whole_fare_or_none(self):
        s, shown = self.travel(balance=16_000)
        self.assertEqual((shown.code, s.balance(1)), ("M25", 0))
        s, shown = self.travel(balance=15_999)
        self.assertEqual((shown.code, s.balance(1)), ("M26", 15_999))
        s, shown = self.travel({"partial-wallet-debit"}, balance=15_999)
        self.assertEqual((shown.code, s.balance(1)), ("M26", 0))

    def test_refill_credited_once_and_within_the_limit(self):
        s = service()
        s.db.execute("UPDATE passengers SET wallet_enrolled = 1")
        self.assertEqual(s.refill(1, "GW1", 50_000, True).code, "M21")
        self.assertEqual(s.gateway_confirmation_again(1, "GW1").code, "M21")
        self.assertEqual(s.balance(1), 50_000)
        self.assertEqual(s.refill(1, "GW2", 50_000, True).code, "M21")  # exactly the limit
        self.assertEqual(s.refill(1, "GW3", 1, True).code, "M37")
        again = service({"refill-retry-credited-again"})
        again.db.execute("UPDATE passengers SET wallet_enrolled = 1")
        again.refill(1, "GW1", 50_000, True)
        again.gateway_confirmation_again(1, "GW1")
        self.assertEqual(again.balance(1), 100_000)


class Favourites(unittest.TestCase):
    def test_places_150_metres_apart_are_the_same(self):
        north = 150 / 111_194.93
        for faults, code in ((set(), "M31"), ({"favourite-radius-exclusive"}, "M29")):
            s = service(faults)
            s.add_favourite(1, "home", *HERE)
            self.assertEqual(s.add_favourite(1, "gym", HERE[0] + north, HERE[1]).code, code)


if __name__ == "__main__":
    unittest.main()
