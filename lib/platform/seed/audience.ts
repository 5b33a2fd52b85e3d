import type { Rng } from './prng';
import { AliasTable, zipfWeights } from './sampling';
import { FOLLOW_ZIPF, type UserModel } from './users';

/** Draws users by popularity, worldwide or within a country: whom people follow and mention. */
export class Audience {
  private readonly global: AliasTable;
  private readonly local: Array<AliasTable | null>;

  constructor(private readonly users: UserModel) {
    this.global = new AliasTable(users.popularity);
    this.local = users.byCountry.map((members) => (members.length > 0 ? new AliasTable(zipfWeights(members.length, FOLLOW_ZIPF)) : null));
  }

  /** A user, from the viewer's own country with probability `localShare`. */
  pick(rng: Rng, country: number, localShare: number): number {
    const table = this.local[country];
    if (table && rng.chance(localShare)) return this.users.byCountry[country][table.sample(rng)];
    return this.global.sample(rng);
  }
}
