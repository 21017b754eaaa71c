"""mybooking: a Mobile Cab Booking service (seed 004), its data in SQLite.

`service.BookingService` is the service; `ridecheck` connects it to RideCheck's process
protocol (docs/PROTOCOL.md of the RideCheck repository).
"""
