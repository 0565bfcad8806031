import { safeParse } from "../lib/json";

export async function getUser(id: string): Promise<unknown> {
  const res = await fetch(`/api/users/${id}`);
  return res.json();
}

// The company record, as the API returns it (any field may be missing).
export interface Company {
  name?: string;
}

export function getCompany(id: string): Promise<Company> {
  return fetch(`/api/companies/${id}`)
    .then((res) => res.text())
    .then((text) => JSON.parse(text) as Company);
}

export function parseSettings(raw: string): any {
  return safeParse(raw);
}
