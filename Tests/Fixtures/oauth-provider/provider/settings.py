"""An OAuth 2 authorization server (django-oauth-toolkit) and one protected
API, for Trestle's sign-in tests: everything on 127.0.0.1, SQLite in the
file $LIBRARY_DB names."""
import os

BASE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET_KEY = "trestle-oauth-fixture-not-secret"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
    "provider",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
ROOT_URLCONF = "provider.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("LIBRARY_DB", os.path.join(BASE_DIR, "provider.sqlite3")),
    }
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # a quick seed, a test fixture only
USE_TZ = True
LOGIN_URL = "/login/"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
OAUTH2_PROVIDER = {
    "PKCE_REQUIRED": True,
    "SCOPES": {"read": "Read your todos"},
    "DEFAULT_SCOPES": ["read"],
    "DEVICE_FLOW_INTERVAL": 1,
    "ROTATE_REFRESH_TOKEN": True,
    "OAUTH_DEVICE_VERIFICATION_URI": "/o/device/",
}
# A server error's traceback on stderr (the test's log file).
LOGGING = {
    "version": 1,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"handlers": ["stderr"], "level": "ERROR"}},
}
