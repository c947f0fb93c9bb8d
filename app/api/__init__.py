"""The REST API: an app factory, bearer-key auth scoped to users, one error-to-HTTP mapping."""

from app.api.app import create_app

__all__ = ["create_app"]
