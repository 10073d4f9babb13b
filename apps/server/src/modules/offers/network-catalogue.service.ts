import { advertiserRecords } from '../advertisers/advertisers.service.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offerContent } from './offer-content.service.ts';

export { NetworkInputError } from '../../lib/network-input.ts';
export type {
  CreativePatch,
  EventPatch,
  LandingPagePatch,
  NewCreative,
  NewEvent,
  NewLandingPage,
  NewOffer,
  OfferPatch,
} from '@portal/shared/admin/offer-catalogue.schemas';

/**
 * Running the network in one object: advertisers (modules/advertisers), offers, landing pages,
 * creatives, events and which publishers may run private offers. The operator CLI, the demo seed,
 * the console's offer writes and the test factories all go through here, so the rules (one default
 * landing page, one base event mirrored on the offer's payout, only a hash of the advertiser token
 * stored) hold however the data is made.
 */
export const networkService = { ...advertiserRecords, ...offerCatalogue, ...offerContent };
