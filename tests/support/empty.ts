// Stands in for the `server-only` package, which throws outside a React Server Components build.
export {};
