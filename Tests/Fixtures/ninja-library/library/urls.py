"""The Quick Start's urls.py: the NinjaAPI at api/ (its OpenAPI document at
/api/openapi.json, its interactive docs at /api/docs)."""
from django.urls import path

from catalog.api import api

urlpatterns = [
    path("api/", api.urls),
]
