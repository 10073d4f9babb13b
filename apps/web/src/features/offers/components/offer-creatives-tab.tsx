import type { CreativeType, OfferCreativesResponse } from '@portal/shared/offers/offers.schemas';
import ExternalLink from 'lucide-react/icons/external-link';
import FileCode from 'lucide-react/icons/file-code';
import FileText from 'lucide-react/icons/file-text';
import Film from 'lucide-react/icons/film';
import Image from 'lucide-react/icons/image';
import Link2 from 'lucide-react/icons/link-2';
import Music from 'lucide-react/icons/eighth-notes';
import Sparkles from 'lucide-react/icons/sparkles';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOfferCreatives } from '../api/get-offer-creatives.ts';

const TYPE: Record<CreativeType, { label: string; icon: typeof Image }> = {
  image: { label: 'Image', icon: Image },
  video: { label: 'Video', icon: Film },
  audio: { label: 'Audio', icon: Music },
  link: { label: 'Link', icon: Link2 },
  flash: { label: 'Flash', icon: Sparkles },
  text: { label: 'Text', icon: FileText },
  html: { label: 'HTML', icon: FileCode },
};

/** The Creatives tab (docs/screens.md): name, type and URL of each, with copy and open. */
export function OfferCreativesTab({ offerId }: { offerId: number }) {
  return (
    <QueryBlock query={useOfferCreatives(offerId)} what="the creatives">
      {(data) => <Creatives data={data} />}
    </QueryBlock>
  );
}

function Creatives({ data }: { data: OfferCreativesResponse['data'] }) {
  if (data.length === 0) {
    return (
      <Card className="px-5 py-12 text-center text-[15px] font-medium text-slate-800">
        This offer does not have any Creatives.
      </Card>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Creatives">
      {data.map((c) => {
        const t = TYPE[c.creative_type];
        return (
          <li key={c.creative_id}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-start gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                  <t.icon size={18} aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{c.creative_name}</p>
                  <p className="text-sm text-slate-600">{t.label}</p>
                </div>
              </div>
              <p className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700">
                {c.creative_url}
              </p>
              <div className="mt-auto flex flex-wrap gap-2">
                <CopyButton text={c.creative_url} label="Copy URL" size="sm" />
                <a
                  href={c.creative_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-accent hover:bg-accent-soft"
                  aria-label={`Open ${c.creative_name} (new tab)`}
                >
                  <ExternalLink size={15} aria-hidden="true" /> Open
                </a>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
