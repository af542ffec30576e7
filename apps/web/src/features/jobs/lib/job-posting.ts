import type { TContractType, TJobOffer } from '@kc/domain';

const EMPLOYMENT_TYPE: Record<TContractType, string> = {
  PERMANENT: 'FULL_TIME',
  FIXED_TERM: 'TEMPORARY',
  PART_TIME: 'PART_TIME',
  INTERNSHIP: 'INTERN',
  FREELANCE: 'CONTRACTOR',
};

/**
 * The offer as schema.org JobPosting structured data (search engines' job listings). Salaries
 * stay decimal strings turned into JSON numbers only here, for display by the search engine.
 */
export function jobPostingJsonLd(offer: TJobOffer, url: string): Record<string, unknown> {
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: offer.title,
    description: [offer.description, offer.conditions].filter(Boolean).join('\n\n'),
    identifier: { '@type': 'PropertyValue', name: offer.companyName, value: offer.id },
    datePosted: offer.publishedAt ? offer.publishedAt.slice(0, 10) : undefined,
    employmentType: EMPLOYMENT_TYPE[offer.contractType],
    hiringOrganization: { '@type': 'Organization', name: offer.companyName },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: offer.cityName, addressCountry: offer.countryId },
    },
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: offer.currency,
      value: { '@type': 'QuantitativeValue', minValue: Number(offer.salaryMin), maxValue: Number(offer.salaryMax), unitText: 'YEAR' },
    },
    inLanguage: offer.language,
    url,
  };
  if (offer.closesOn) posting['validThrough'] = `${offer.closesOn}T23:59:59Z`;
  if (!posting['datePosted']) delete posting['datePosted'];
  return posting;
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the script. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
