import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  return (
    <PageWrapper title="Global Pixels And Postbacks" icon="Pixels and Postbacks" wide>
      <ComingSoon what="Your pixels and postbacks" />
    </PageWrapper>
  );
}
