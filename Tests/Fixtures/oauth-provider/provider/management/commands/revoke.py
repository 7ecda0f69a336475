"""Deletes every access and refresh token: the signed-in token stops
working (401) and its refresh fails (invalid_grant), as when both expire."""
from django.core.management.base import BaseCommand
from oauth2_provider.models import AccessToken, RefreshToken


class Command(BaseCommand):
    def handle(self, *args, **options):
        RefreshToken.objects.all().delete()
        AccessToken.objects.all().delete()
