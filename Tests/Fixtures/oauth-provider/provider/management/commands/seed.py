"""The user `ann` (password `ann-password`) and two public clients:
`trestle-code` (authorization code + PKCE, loopback redirect, no consent
page) and `trestle-device` (device authorization)."""
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from oauth2_provider.models import Application


class Command(BaseCommand):
    def handle(self, *args, **options):
        ann = User.objects.create_user("ann", password="ann-password")
        Application.objects.create(
            name="Trestle (browser)",
            client_id="trestle-code",
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris="http://127.0.0.1/callback",
            skip_authorization=True,
            user=ann,
        )
        Application.objects.create(
            name="Trestle (device)",
            client_id="trestle-device",
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_DEVICE_CODE,
            user=ann,
        )
