import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { MyOffersList } from '../../../features/offers/components/my-offers-list.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const timeZone = useTimeZone();
  return (
    <PageWrapper
      title="My Offers"
      icon="My Offers"
      description="The offers you can run, with your clicks and earnings over the period you choose. EPC is earnings per click, over all clicks."
      wide
    >
      {timeZone ? <MyOffersList timeZone={timeZone} /> : null}
    </PageWrapper>
  );
}
