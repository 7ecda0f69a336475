"""A small Django REST framework service for Trestle's end-to-end tests.

Everything a production DRF service shows a client is the framework's own:
DefaultRouter's API root, PageNumberPagination (and LimitOffsetPagination on
authors), OrderingFilter, SearchFilter, django-filter, drf-spectacular's
document. No authentication, so that the tests can write. The SQLite file is
$DJANGO_LIBRARY_DB (the test launcher puts it in a temporary folder).
"""
import os

from library_catalog.base_settings import *  # noqa: F401,F403 (library/__init__.py)

# Django's apps, DRF's with django-filter and drf-spectacular, the library.
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "library_catalog",
]

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_PAGINATION_CLASS": "catalog.pagination.PageNumbers",
    "PAGE_SIZE": 10,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.SearchFilter",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

SPECTACULAR_SETTINGS = {"TITLE": "Library", "VERSION": "1.0.0"}

DATABASES["default"]["NAME"] = os.environ.get("DJANGO_LIBRARY_DB", "library.sqlite3")
