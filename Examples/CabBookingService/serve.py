"""Starts the service on RideCheck's process protocol: `python3 serve.py` (from any directory)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mybooking.ridecheck.__main__ import main  # noqa: E402

main()
