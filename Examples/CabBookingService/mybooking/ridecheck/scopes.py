"""The checker's named scopes (`verify list --model cabbooking --scopes`) as configurations of
this service: its map, fleet, fare chart and policy for each. The numbers are RideCheck's
scope constants (the model page, docs/models/cabbooking.md, and the scope's declaration): a
team's own fixtures would say the same of its service."""

from ..policy import Config, Place, Policy

# Compressed time (the model's): a day of 40 minutes and three days of 120 keep the seed's order
# of thresholds (10 < 20 < 30 < a day < three days) at a small scale.
COMPRESSED = dict(day=40, maximum_lead=120)
FARES = {"Nano": (12_000, 1_000), "Hatchback": (15_000, 1_200), "Sedan": (20_000, 1_500)}
METRES_PER_DEGREE = 111_194.93  # of latitude, on a sphere of 6,371 km


def places(in_area, favourite_offsets=()):
    """L0, L1, ... in the area (a kilometre apart, east-west), one more outside it, and the
    favourite places F0, F1, ... the given metres north of L0."""
    result = {f"L{i}": Place(12.9716, 77.5946 + 0.01 * i, True) for i in range(in_area)}
    result[f"L{in_area}"] = Place(13.5, 78.5, False)
    for i, metres in enumerate(favourite_offsets):
        result[f"F{i}"] = Place(12.9716 + metres / METRES_PER_DEGREE, 77.5946, True)
    return result


def roads(minutes, metres):
    count = len(minutes)
    return {(f"L{a}", f"L{b}"): (minutes[a][b], metres[a][b]) for a in range(count) for b in range(count)}


def config(in_area, minutes, metres, favourite_offsets=(), favourite_limit=20):
    policy = Policy(**COMPRESSED, favourite_limit=favourite_limit)
    return Config(policy=policy, places=places(in_area, favourite_offsets), roads=roads(minutes, metres),
                  fares=FARES, first_booking_number=999_999)


ONE_POINT = dict(in_area=1, minutes=[[0, 30], [30, 0]], metres=[[0, 9_000], [9_000, 0]])

SCOPES = {
    "ci": config(2, [[0, 30, 30], [31, 0, 30], [30, 30, 0]],
                 [[0, 4_000, 9_000], [4_000, 0, 9_000], [9_000, 9_000, 0]]),
    "day": config(2, [[0, 29, 30], [31, 0, 30], [30, 30, 0]],
                  [[0, 4_000, 9_000], [4_001, 0, 9_000], [9_000, 9_000, 0]]),
    "accounts": config(**ONE_POINT, favourite_offsets=(0, 149, 299, 450), favourite_limit=2),
    "wallet": config(**ONE_POINT),
    "fleet": config(**ONE_POINT),
    "liveness": config(**ONE_POINT),
}

# How many bookings each scope holds (`--set bookings=N` changes it): a bound of the check, which
# the harness keeps, not a rule of the service.
BOOKINGS = {"ci": 2, "day": 4, "accounts": 0, "wallet": 0, "fleet": 3, "liveness": 1}
