"""API routers; each module owns one resource family and is mounted under ``/v1`` by the app factory."""
