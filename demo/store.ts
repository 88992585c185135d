import crypto from 'node:crypto';

/** The demo app's in-memory state, one store per server instance. Initial data is deterministic. */

export interface Item {
  id: number;
  title: string;
  category: string;
  price: number;
  stock: number;
  description: string;
}

export type ItemInput = Omit<Item, 'id'>;

export type Plan = 'free' | 'pro' | 'team';

export interface Profile {
  displayName: string;
  email: string;
  age: number | null;
  birthday: string;
  country: string;
  newsletter: boolean;
  plan: Plan;
  avatar: string | null;
}

/** The one account that can sign in. */
export const kUser = { email: 'ann@example.com', password: 'correct-horse', name: 'Ann Example' } as const;

export const kCategories = ['Hardware', 'Home', 'Kitchen', 'Books', 'Garden'] as const;
export const kCountries = ['Norway', 'Sweden', 'Denmark', 'Finland', 'Iceland'] as const;
export const kPlans: readonly Plan[] = ['free', 'pro', 'team'];

/** Ten rows per page: 45 items give five pages, the last one half full. */
export const kPageSize = 10;

const kAdjectives = ['Red', 'Blue', 'Green', 'Silver', 'Golden', 'Tiny', 'Giant', 'Quiet', 'Rapid'];
const kNouns = ['Hammer', 'Lamp', 'Teapot', 'Notebook', 'Shovel'];

/** 45 items: every adjective with every noun, each noun in its own category. */
function initialItems(): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < kAdjectives.length * kNouns.length; i++) {
    const noun = Math.floor(i / kAdjectives.length);
    const title = `${kAdjectives[i % kAdjectives.length]} ${kNouns[noun]}`;
    items.push({
      id: i + 1,
      title,
      category: kCategories[noun]!,
      price: ((i * 37) % 90) + 4.99,
      stock: (i * 7) % 20,
      description: `A ${title.toLowerCase()} from the demo catalog.`,
    });
  }
  return items;
}

function initialProfile(): Profile {
  return {
    displayName: kUser.name,
    email: kUser.email,
    age: 34,
    birthday: '1990-05-17',
    country: 'Norway',
    newsletter: false,
    plan: 'free',
    avatar: null,
  };
}

export interface ItemPage {
  items: Item[];
  total: number;
  page: number;
  pages: number;
}

export class DemoStore {
  private items = new Map<number, Item>();
  private nextId = 1;
  profile: Profile = initialProfile();
  /** Session token -> email. Kept across `reset()` so a signed-in test stays signed in. */
  private sessions = new Map<string, string>();

  constructor() {
    this.reset();
  }

  /** Restores the initial items and profile. */
  reset(): void {
    this.items = new Map(initialItems().map((item) => [item.id, item]));
    this.nextId = this.items.size + 1;
    this.profile = initialProfile();
  }

  /** Items whose title or category contains `query` (any case), one page of them. */
  search(query: string, page: number): ItemPage {
    const needle = query.trim().toLowerCase();
    const matches = [...this.items.values()].filter(
      (item) => !needle || item.title.toLowerCase().includes(needle) || item.category.toLowerCase().includes(needle),
    );
    const pages = Math.max(1, Math.ceil(matches.length / kPageSize));
    const current = Math.min(Math.max(1, page), pages);
    return {
      items: matches.slice((current - 1) * kPageSize, current * kPageSize),
      total: matches.length,
      page: current,
      pages,
    };
  }

  get(id: number): Item | undefined {
    return this.items.get(id);
  }

  count(): number {
    return this.items.size;
  }

  create(input: ItemInput): Item {
    const item = { id: this.nextId++, ...input };
    this.items.set(item.id, item);
    return item;
  }

  update(id: number, input: ItemInput): Item | undefined {
    if (!this.items.has(id)) return undefined;
    const item = { id, ...input };
    this.items.set(id, item);
    return item;
  }

  delete(id: number): Item | undefined {
    const item = this.items.get(id);
    this.items.delete(id);
    return item;
  }

  startSession(email: string): string {
    const token = crypto.randomUUID();
    this.sessions.set(token, email);
    return token;
  }

  endSession(token: string | undefined): void {
    if (token) this.sessions.delete(token);
  }

  userFor(token: string | undefined): string | null {
    return (token && this.sessions.get(token)) || null;
  }
}
