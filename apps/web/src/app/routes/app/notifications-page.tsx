import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  return (
    <PageWrapper title="Notifications" icon="Notifications" >
      <ComingSoon what="Your notifications" />
    </PageWrapper>
  );
}
