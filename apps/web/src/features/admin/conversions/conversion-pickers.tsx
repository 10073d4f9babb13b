import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { AdminOfferListResponse } from '@portal/shared/admin/offers.schemas';
import type { PublisherListResponse } from '@portal/shared/admin/publishers.schemas';
import { Select, type LoadOptions } from '../../../components/ui/select/select.tsx';
import { adminOptions } from '../admin-list.ts';
import { useAdminOffer } from '../offers/offers-api.ts';
import { usePublisher } from '../publishers/publishers-api.ts';

/** How a publisher or an offer reads in the pickers: `Demo Media Ltd (#8)`. */
const named = (o: { id: number; name: string }) => `${o.name} (#${o.id})`;

const ALL_PUBLISHERS = 'All publishers';
const ALL_OFFERS = 'All offers';

/** The list's first page, unsearched, starts with the choice that clears the filter. */
const withAll =
  (label: string, load: LoadOptions): LoadOptions =>
  async (q) => {
    const page = await load(q);
    return q.cursor === null && !q.search ? { ...page, options: [{ value: '', label }, ...page.options] } : page;
  };

/**
 * A named list's pages by name, searched as the list searches (`POST /publishers`: name, a user's
 * e-mail or the id; `POST /offers`: name or id), as the select's options.
 */
const loadNamed = (path: string) =>
  adminOptions<(PublisherListResponse | AdminOfferListResponse)['data'][number]>(path, (o) => ({
    value: String(o.id),
    label: named(o),
  }));
const loadPublishers = loadNamed(ADMIN_API_PATHS.publishers);
const loadOffers = loadNamed(ADMIN_API_PATHS.offers);

interface PickerProps {
  /** The chosen id; null for all. */
  value: number | null;
  onChange: (id: number | null) => void;
}

const idOf = (v: string) => (v === '' ? null : Number(v));

/**
 * The Conversions filter by publisher: type part of a name or e-mail and choose. A publisher chosen
 * before (the address keeps its id) is named from `GET /publishers/{id}`, its id until that answers.
 */
export function PublisherPicker({ value, onChange }: PickerProps) {
  const publisher = usePublisher(value);
  return (
    <Select
      label="Publisher"
      className="w-full md:w-60"
      value={value === null ? '' : String(value)}
      selectedLabel={value === null ? ALL_PUBLISHERS : publisher.data ? named(publisher.data) : `#${value}`}
      loadOptions={withAll(ALL_PUBLISHERS, loadPublishers)}
      onChange={(v) => onChange(idOf(v))}
    />
  );
}

/** The Conversions filter by offer, searched by name; named from `GET /offers/{id}` as above. */
export function OfferPicker({ value, onChange }: PickerProps) {
  const offer = useAdminOffer(value);
  return (
    <Select
      label="Offer"
      className="w-full md:w-60"
      value={value === null ? '' : String(value)}
      selectedLabel={value === null ? ALL_OFFERS : offer.data ? named(offer.data) : `#${value}`}
      loadOptions={withAll(ALL_OFFERS, loadOffers)}
      onChange={(v) => onChange(idOf(v))}
    />
  );
}
