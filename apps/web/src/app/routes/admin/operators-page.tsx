import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';

export function Component() {
  return <PageWrapper title="Operators" wide />;
}
