"""Prints every access and refresh token the provider holds, one a line
(the tests look for each in Trestle's screens, log and cache)."""
from django.core.management.base import BaseCommand
from oauth2_provider.models import AccessToken, RefreshToken


class Command(BaseCommand):
    def handle(self, *args, **options):
        for token in AccessToken.objects.all():
            self.stdout.write(token.token)
        for token in RefreshToken.objects.all():
            self.stdout.write(token.token)
