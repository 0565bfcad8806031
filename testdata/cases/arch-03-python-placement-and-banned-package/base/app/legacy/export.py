import requests


def push(url, payload):
    return requests.post(url, json=payload, timeout=10)
