/** Fills the test database's platform with the generator's small `test` scale. */
export async function seedTestPlatform(url: string): Promise<void> {
  void url; // the generator lands here: seedPlatform({ url, scale: 'test', seed: 42 })
}
