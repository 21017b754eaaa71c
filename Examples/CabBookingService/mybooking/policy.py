"""The numbers the seed states, in minutes and paise, and the service's configuration."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Policy:
    """The seed's thresholds (design note, section 0), in minutes and paise."""

    free_waiting: int = 10  # UC06 BR3: "free for the first ten minutes"
    notice: int = 20  # UC07 BR2: the cab and driver 20 minutes before the journey
    window: int = 30  # UC07 7b too soon, 7c clash; UC06 BR2 arrival; UC06 BR3 surcharge block
    day: int = 1_440  # UC02 6e.2: "suspended for 1 day"
    maximum_lead: int = 4_320  # UC07 BR1: "upto three days in advance"
    surcharge: int = 5_000  # UC06 BR3: INR 50.00 for each additional 30 minutes
    failures_allowed: int = 2  # UC02 6a.3: "2 more times" after the first
    promo_percent: int = 10  # UC01 BR7
    wallet_limit: int = 100_000  # UC12 BR4 names the RBI's limit but no figure (D20)
    favourite_limit: int = 20  # UC20 BR1
    favourite_radius: int = 150  # UC20 BR4: 0.15 km, in whole metres (D24)


@dataclass(frozen=True)
class Place:
    """A point on the map: where cabs wait, passengers are picked up, favourites lie."""

    latitude: float
    longitude: float
    in_area: bool


@dataclass(frozen=True)
class Config:
    """Everything the service reads at start: the map, the fleet's fare chart and the policy.

    `roads[(a, b)]` is the driving time in minutes and the distance in metres from place a to
    place b (one-way streets differ). `fares[type]` is (base paise, paise per kilometre)."""

    policy: Policy
    places: dict
    roads: dict
    fares: dict
    refill_amount: int = 50_000
    first_booking_number: int = 100_000
    fleet: list = field(default_factory=list)  # (cab number, type, place name)


CAB_TYPES = ("Nano", "Hatchback", "Sedan")  # UC09 BR1; Nano is the default (UC02 step 12)
