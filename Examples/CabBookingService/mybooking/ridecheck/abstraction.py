"""The abstraction function: this service's tables read as RideCheck's cab booking state (the
JSON shape of `verify list --model cabbooking --schema`), and the model's actions as requests
to the service.

The model names passengers p1, p2, ... (people, registered or not), bookings b1, b2, ... in the
order they were made, cabs c1, c2, ... and places L0, L1, ..., F0, F1, ...; the service has its
own ids (account ids, six-digit booking numbers, fleet numbers, coordinates). The map between
them lives in two tables of the harness's own beside the service's (`rc_people`, `rc_screen`), so
that a snapshot of the database holds it too."""

from ..service import BookingService, Rejected, decipher, encipher

HARNESS_SCHEMA = """
CREATE TABLE IF NOT EXISTS rc_people (slot INTEGER PRIMARY KEY, account INTEGER, password TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rc_screen (message TEXT NOT NULL);
"""

# What the model calls each message the passenger is shown, by the design note's ids.
MESSAGES = {
    "M01": "registered", "M03": "passwords differ", "M04": "e-mail already registered",
    "M04b": "mobile number already registered", "M05": "logged in", "M06": "invalid details",
    "M07": "login failed, suspended for a day", "M08": "invalid login details",
    "M09": "login failed, account suspended", "M10": "password changed", "M11": "password sent by e-mail",
    "M12": "invalid mobile number", "M13": "booking confirmed", "M14": "no cab of the type", "M15": "too soon",
    "M16": "a booking exists then", "M17": "no cab then", "M18": "more than three days ahead",
    "M20": "booking deleted", "M21": "wallet refilled", "M22": "error in transaction",
    "M25": "paid through the wallet", "M26": "insufficient balance, pay by cash", "M28": "feedback sent",
    "M29": "favourite added", "M30": "name already present", "M31": "location already saved",
    "M32": "favourite limit reached", "M33": "not in the service area", "M37": "over the wallet limit",
    "M40": "travel started", "M41": "cab type chosen", "M42": "logged out",
}


# A step that shows the passenger no new message: the last one stays on his screen.
KEPT = object()


class ModelError(Exception):
    """A request the harness cannot map onto the service (an entity the scope does not have)."""


def email(index):
    return f"rider{index}@example.com"


def mobile(index):
    return f"98765432{index:02d}"


def passwords(slot):
    """Each person's two passwords (the model's passwordVersion 0 and 1), 8 alphanumerics."""
    return f"Alpha{slot:03d}", f"Bravo{slot:03d}"


def cab_number(slot):
    return f"KA01C{slot:03d}"


class Harness:
    def __init__(self, service: BookingService, bookings: int):
        self.service = service
        self.db = service.db
        self.bookings = bookings
        self.db.executescript(HARNESS_SCHEMA)

    # -- setting up from the model's initial state --------------------------------------------

    def set_up(self, state):
        db = self.db
        if state.get("bookings"):
            raise ModelError("an initial state with bookings cannot be set up")
        db.execute("INSERT INTO clock VALUES (?)", (state["now"],))
        db.execute("INSERT INTO booking_counter VALUES (?)", (self.service.config.first_booking_number,))
        db.execute("INSERT INTO rc_screen VALUES (?)", (state["lastMessage"].split(" ")[0],))
        for name, cab in state["cabs"].items():
            db.execute("INSERT INTO cabs (number, cab_type, place) VALUES (?, ?, ?)",
                       (cab_number(int(name[1:])), cab["type"], cab["at"]))
        for name, person in state["passengers"].items():
            slot = int(name[1:])
            password = passwords(slot)[person["passwordVersion"]]
            account = self.load_account(slot, person, password) if person["registered"] else None
            db.execute("INSERT INTO rc_people VALUES (?, ?, ?)", (slot, account, passwords(slot)[0] if account is None
                                                                  else password))

    def load_account(self, slot, person, password):
        db = self.db
        cursor = db.execute(
            "INSERT INTO passengers (email, mobile, password_cipher, failures, suspended_until, logged_in, cab_type,"
            " wallet_enrolled, promo_code_unused) VALUES (?, ?, '', ?, ?, ?, ?, ?, ?)",
            (email(person["email"]), mobile(person["mobile"]), person["failures"], person["suspendedUntil"] or None,
             int(person["session"]), person["type"], int(person["wallet"]), int(person["promo"])),
        )
        account = cursor.lastrowid
        db.execute("UPDATE passengers SET password_cipher = ? WHERE id = ?", (encipher(password, account), account))
        if person["balance"]:
            db.execute("INSERT INTO wallet_entries (passenger, paise, reason) VALUES (?, ?, 'opening')",
                       (account, person["balance"]))
        places = self.service.config.places
        for bit in range(8):
            if person["favourites"] >> bit & 1:
                place = places[f"F{bit}"]
                db.execute(
                    "INSERT INTO favourites (passenger, name, place, latitude, longitude) VALUES (?, ?, ?, ?, ?)",
                    (account, f"F{bit}", f"F{bit}", place.latitude, place.longitude),
                )
        return account

    # -- the abstraction ----------------------------------------------------------------------

    def hidden(self):
        """What the tables hold that the model's state leaves out but a later step may show, for
        the protocol's `hidden` member: the next booking number, the favourites' ids drawn so far
        and the messages sent. Two paths to one model state that differ here are checked apart."""
        db = self.db
        counter = db.execute("SELECT next FROM booking_counter").fetchone()
        favourites = db.execute("SELECT COALESCE(MAX(id), 0) FROM favourites").fetchone()[0]
        sent = db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
        return [counter[0] if counter else 0, favourites, sent]

    def state(self):
        db = self.db
        message = db.execute("SELECT message FROM rc_screen").fetchone()[0]
        slots = {row["account"]: row["slot"] for row in db.execute("SELECT * FROM rc_people") if row["account"]}
        bookings = db.execute("SELECT * FROM bookings ORDER BY made_order").fetchall()
        booking_names = {row["number"]: f"b{rank}" for rank, row in enumerate(bookings, 1)}
        rated = {row[0] for row in db.execute("SELECT booking FROM feedback")} if bookings else set()
        serving = {row["serving"]: f"c{int(row['number'][5:])}"
                   for row in db.execute("SELECT number, serving FROM cabs WHERE serving IS NOT NULL")}
        return {
            "now": self.service.now(),
            "lastMessage": "-" if message == "-" else f"{message} {MESSAGES[message]}",
            "passengers": {f"p{row['slot']}": self.person(row) for row in db.execute("SELECT * FROM rc_people")},
            "bookings": {booking_names[row["number"]]: self.booking(row, slots, serving, rated) for row in bookings},
            "cabs": {
                f"c{int(row['number'][5:])}": {
                    "type": row["cab_type"], "at": row["place"],
                    "booking": booking_names.get(row["serving"]),
                }
                for row in db.execute("SELECT * FROM cabs ORDER BY number")
            },
        }

    def person(self, slot_row):
        if slot_row["account"] is None:
            return {"session": False, "failures": 0, "suspendedUntil": 0, "type": "Nano", "wallet": False,
                    "balance": 0, "promo": True, "registered": False, "email": 0, "mobile": 0, "passwordVersion": 0,
                    "favourites": 0, "refillCredited": False}
        account = self.service.passenger(slot_row["account"])
        password = decipher(account["password_cipher"], account["id"])
        favourites = 0
        for row in self.db.execute("SELECT place FROM favourites WHERE passenger = ?", (account["id"],)):
            favourites |= 1 << int(row["place"][1:])
        credited = self.db.execute(
            "SELECT 1 FROM gateway_requests WHERE passenger = ? AND outcome = 'credited'", (account["id"],)
        ).fetchone()
        return {
            "session": bool(account["logged_in"]), "failures": account["failures"],
            "suspendedUntil": account["suspended_until"] or 0, "type": account["cab_type"],
            "wallet": bool(account["wallet_enrolled"]), "balance": self.service.balance(account["id"]),
            "promo": bool(account["promo_code_unused"]), "registered": True,
            "email": int(account["email"][5:account["email"].index("@")]), "mobile": int(account["mobile"][8:]),
            "passwordVersion": 0 if password == passwords(slot_row["slot"])[0] else 1,
            "favourites": favourites, "refillCredited": credited is not None,
        }

    def booking(self, row, slots, serving, rated):
        """`serving`: the cab serving each booking now; a travel that ended or was cancelled holds none."""
        return {
            "status": row["state"], "owner": f"p{slots[row['passenger']]}", "later": bool(row["for_later"]),
            "type": row["cab_type"], "pickup": row["pickup"], "pickupAt": row["pickup_at"], "createdAt": row["made_at"],
            "cab": serving.get(row["number"]), "cabDueAt": row["cab_due_at"] or 0,
            "arrivedAt": row["arrived_at"] or 0, "boardedAt": row["boarded_at"] or 0, "fare": row["fare"] or 0,
            "payment": row["paid_by"] or "unpaid", "feedback": row["number"] in rated,
            "promo": bool(row["promo_code"]), "promoApplied": bool(row["discounted"]),
        }

    # -- the model's actions as requests ------------------------------------------------------

    def account(self, name):
        row = self.person_row(name)
        if row["account"] is None:
            raise Rejected(f"{name} is not registered")
        return row["account"]

    def person_row(self, name):
        row = self.db.execute("SELECT * FROM rc_people WHERE slot = ?", (int(name[1:]),)).fetchone()
        if row is None:
            raise ModelError(f"the scope has no passenger {name}")
        return row

    def booking_number(self, name):
        row = self.db.execute("SELECT number FROM bookings ORDER BY made_order LIMIT 1 OFFSET ?",
                              (int(name[1:]) - 1,)).fetchone()
        if row is None:
            raise Rejected(f"there is no booking {name}")
        return row[0]

    def coordinates(self, name):
        place = self.service.config.places.get(name)
        if place is None:
            raise ModelError(f"the scope has no place {name}")
        return place.latitude, place.longitude

    def perform(self, action):
        """Sends the action's request; the message shown, or None for a step that shows none.
        Raises `Rejected` when the service refuses it (nothing changed)."""
        service, kind = self.service, action["action"]
        handler = getattr(self, "do_" + kind, None)
        if handler is None:
            raise ModelError(f"unknown action {kind}")
        shown = handler(service, action)
        if shown is not KEPT:
            self.db.execute("UPDATE rc_screen SET message = ?", ("-" if shown is None else shown.code,))
        return shown

    def room_for_a_booking(self):
        made = self.db.execute("SELECT COUNT(*) FROM bookings").fetchone()[0]
        if made >= self.bookings:
            raise Rejected(f"the scope holds {self.bookings} bookings")

    def do_register(self, service, action):
        person = self.person_row(action["passenger"])
        if person["account"] is not None:
            raise Rejected(f"{action['passenger']} is registered already")
        password = person["password"]
        confirm = password if action["confirmed"] else password[::-1]
        shown = service.register(email(int(action["email"][1:])), mobile(int(action["mobile"][1:])), password, confirm)
        if shown.code == "M01":
            account = self.db.execute("SELECT MAX(id) FROM passengers").fetchone()[0]
            self.db.execute("UPDATE rc_people SET account = ? WHERE slot = ?", (account, person["slot"]))
        return shown

    def do_login(self, service, action):
        person = self.person_row(action["passenger"])
        account = service.passenger(self.account(action["passenger"]))
        return service.login(account["mobile"], person["password"] if action["rightPassword"] else "Wrong000")

    def do_logout(self, service, action):
        return service.logout(self.account(action["passenger"]))

    def do_changePassword(self, service, action):
        person = self.person_row(action["passenger"])
        account = service.passenger(self.account(action["passenger"]))
        first, second = passwords(person["slot"])
        new = second if person["password"] == first else first
        current = person["password"] if action["rightCurrent"] else "Wrong000"
        shown = service.change_password(account["mobile"], current, new, new)
        if shown.code == "M10":
            self.db.execute("UPDATE rc_people SET password = ? WHERE slot = ?", (new, person["slot"]))
        return shown

    def do_forgotPassword(self, service, action):
        person = self.person_row(action["passenger"])
        if person["account"] is None:
            return service.forgot_password("9000000000")
        return service.forgot_password(service.passenger(person["account"])["mobile"])

    def do_chooseCabType(self, service, action):
        return service.choose_cab_type(self.account(action["passenger"]), action["type"])

    def do_bookNow(self, service, action):
        self.room_for_a_booking()
        promo = "FIRST10" if action.get("promo") else None
        return service.book_now(self.account(action["passenger"]), self.coordinates(action["pickup"]), promo)

    def do_bookLater(self, service, action):
        self.room_for_a_booking()
        promo = "FIRST10" if action.get("promo") else None
        pickup_at = service.now() + action["lead"]
        return service.book_later(self.account(action["passenger"]), self.coordinates(action["pickup"]), pickup_at,
                                  promo)

    def do_cancel(self, service, action):
        return service.cancel(self.account(action["passenger"]), self.booking_number(action["booking"]))

    def do_track(self, service, action):
        service.track(self.account(action["passenger"]), self.booking_number(action["booking"]))
        return KEPT  # a query: the screen keeps the message it showed

    def do_refill(self, service, action):
        account = self.account(action["passenger"])
        made = self.db.execute("SELECT COUNT(*) FROM gateway_requests").fetchone()[0]
        return service.refill(account, f"GW{made + 1:06d}", service.config.refill_amount, action["approved"])

    def do_retryRefill(self, service, action):
        account = self.account(action["passenger"])
        last = self.db.execute("SELECT id FROM gateway_requests WHERE passenger = ? AND outcome = 'credited'"
                               " ORDER BY rowid DESC LIMIT 1", (account,)).fetchone()
        if last is None:
            raise Rejected(f"{action['passenger']} made no refill")
        return service.gateway_confirmation_again(account, last[0])

    def do_addFavourite(self, service, action):
        latitude, longitude = self.coordinates(action["place"])
        return service.add_favourite(self.account(action["passenger"]), action["place"], latitude, longitude)

    def do_board(self, service, action):
        return service.board(self.booking_number(action["booking"]))

    def do_endTravel(self, service, action):
        return service.end_travel(self.booking_number(action["booking"]), self.coordinates(action["drop"]),
                                  action["chargeWaiting"])

    def do_repeatTravelEnd(self, service, action):
        service.travel_end_again(self.booking_number(action["booking"]))
        return KEPT  # the driver's retry: the passenger is shown nothing new

    def do_sendFeedback(self, service, action):
        return service.send_feedback(self.account(action["passenger"]), self.booking_number(action["booking"]),
                                     "Good ride.")

    def do_advance(self, service, action):
        service.advance_clock(action["minutes"])
        return None
