import httpx

from app.core.invoices import Invoice

from requests.adapters import HTTPAdapter


def fetch(client: httpx.Client, number: str) -> Invoice:
    data = client.get(f"/invoices/{number}").json()
    return Invoice(number=data["number"], cents=data["cents"])


RETRIES = HTTPAdapter(max_retries=3)
