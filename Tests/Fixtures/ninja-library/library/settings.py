"""A small library served by Django Ninja 1.7.1 (catalog/api.py names the
tutorials followed). `ninja` is in INSTALLED_APPS as its Quick Start suggests
(the docs' assets served locally); every NINJA_* setting is the default
(LimitOffsetPagination, 100 records a page).
The SQLite file is $LIBRARY_DB (the launcher puts it in a temporary folder).
"""
from library_catalog.base_settings import *  # noqa: F401,F403 (library/__init__.py)

# Django's apps, ninja (its Quick Start), the library.
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.staticfiles",
    "ninja",
    "library_catalog",
]
