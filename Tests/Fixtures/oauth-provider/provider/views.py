"""A login form for the test's browser, and a protected API: the bearer
token from the provider, else 401."""
from django.contrib.auth import authenticate, login
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from oauth2_provider.oauth2_backends import get_oauthlib_core

TODOS = [
    {"id": 1, "title": "sign in with a browser", "done": True},
    {"id": 2, "title": "sign in on another device", "done": False},
    {"id": 3, "title": "renew with the refresh token", "done": False},
]


@csrf_exempt
def login_form(request):
    """GET: a plain form; POST username/password: the session cookie (then `next`, if given)."""
    if request.method == "POST":
        user = authenticate(request, username=request.POST.get("username"), password=request.POST.get("password"))
        if user is None:
            return HttpResponse("wrong user or password", status=403)
        login(request, user)
        following = request.POST.get("next") or request.GET.get("next")
        return HttpResponseRedirect(following) if following else HttpResponse("signed in")
    return HttpResponse('<form method="post"><input name="username"><input name="password" type="password"></form>')


def _unauthorized():
    response = JsonResponse({"detail": "sign in first"}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="todos"'
    return response


def _owner(request):
    """The user the request's bearer token belongs to, or None."""
    valid, oauth_request = get_oauthlib_core().verify_request(request, scopes=["read"])
    return oauth_request.user if valid else None


def me(request):
    owner = _owner(request)
    return JsonResponse({"username": owner.username}) if owner else _unauthorized()


def todos(request):
    return JsonResponse(TODOS, safe=False) if _owner(request) else _unauthorized()
