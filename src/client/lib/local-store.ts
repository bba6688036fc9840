import { useSyncExternalStore } from 'react';

/** A value kept in localStorage under a fixed key, shared by every component and every tab. */
export interface LocalStore<T> {
  get(): T;
  /** What the server rendered with (no storage there): the fallback. */
  getServerSnapshot(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createLocalStore<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): LocalStore<T> {
  let current = read();
  const listeners = new Set<() => void>();

  function read(): T {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return fallback;
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      current = read();
      notify();
    });
  }

  return {
    get: () => current,
    getServerSnapshot: () => fallback,
    set(next) {
      current = typeof next === 'function' ? (next as (value: T) => T)(current) : next;
      try {
        localStorage.setItem(key, JSON.stringify(current));
      } catch {
        // Storage full or unavailable: the value still lives for this tab.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLocalStore<T>(store: LocalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.getServerSnapshot);
}

const unread = () => undefined;

/**
 * The stored value, or undefined where it cannot be read yet: on the server, and in the render that
 * takes a server-drawn page over (which must draw what the server drew). A page that shows what only
 * the browser keeps draws its place-holders then, not the fallback as if it were the value.
 */
export function useLocalStoreOnceRead<T>(store: LocalStore<T>): T | undefined {
  return useSyncExternalStore(store.subscribe, store.get, unread);
}
