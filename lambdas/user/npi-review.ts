/**
 * The back-office review flag of a profile's NPI (spec provider-side section 5 "NPI check";
 * docs/decisions/0026-search-and-registry-details.md): when a profile is saved with an NPI that the
 * NPPES registry holds under another person's name, the profile carries `npi_review` until it is
 * saved with a matching name or NPI. Registry client: lambdas/lib/nppes.ts.
 */
import { formatFacilityName, sameRegisteredPerson, titleCaseName, type NpiReview } from '../../shared';
import { logger } from '../lib/logger';
import { nppesClient, type NppesClient } from '../lib/nppes';

/**
 * What a profile with this NPI and name should carry: an {@link NpiReview} when the registry's record
 * of `npi` names someone else (a person of another name, or an organisation); null when it names
 * this person or the registry has no such NPI; 'unknown' when the registry cannot be asked (the
 * stored flag is then left as it is: a registry outage neither flags nor clears anyone). Never throws.
 */
export async function npiReviewFor(
  profile: { user_npi: string; first_name: string; last_name: string },
  now: Date = new Date(),
  client: NppesClient = nppesClient(),
): Promise<NpiReview | null | 'unknown'> {
  let record;
  try {
    record = await client.lookup(profile.user_npi);
  } catch (err) {
    logger.warn('NPI review skipped: the registry did not answer', { error: (err as Error)?.name ?? 'Error' });
    return 'unknown';
  }
  if (!record) return null;
  const b = record.basic ?? {};
  const registered = { first_name: b.first_name ?? '', last_name: b.last_name ?? '' };
  if (record.enumeration_type !== 'NPI-2' && sameRegisteredPerson(profile, registered)) return null;
  const name =
    record.enumeration_type === 'NPI-2' || !registered.last_name
      ? formatFacilityName(b.organization_name ?? '')
      : `${titleCaseName(registered.first_name)} ${titleCaseName(registered.last_name)}`.trim();
  return { reason: 'name_mismatch', registry_name: name, at: now.toISOString() };
}
