"""A small library served by Django Ninja 1.7.1 (catalog/api.py names the
tutorials followed). `ninja` is in INSTALLED_APPS as its Quick Start suggests
(the docs' assets served locally); every NINJA_* setting is the default
(LimitOffsetPagination, 100 records a page).
The SQLite file is $LIBRARY_DB (the launcher puts it in a temporary folder).
"""
import os

SECRET_KEY = "trestle-tests-only"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "library.urls"
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.staticfiles",
    "ninja",
    "catalog",
]

MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("LIBRARY_DB", "library.sqlite3"),
    }
}

STATIC_URL = "static/"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.server": {"handlers": ["console"], "level": "INFO"}},
}
WSGI_APPLICATION = "library.wsgi.application"
