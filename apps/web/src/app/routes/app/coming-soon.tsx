import { Card } from '../../../components/ui/card.tsx';

/** Body of a screen whose content lands in a later release: the frame is real, the data is not yet. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <Card className="flex flex-col items-center justify-center gap-2 px-6 py-16 text-center">
      <div className="grid w-full max-w-md grid-cols-3 gap-3 opacity-70" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-3 rounded-full bg-slate-100" />
        ))}
      </div>
      <p className="mt-4 text-[15px] font-medium text-slate-800">{what} will appear here.</p>
      <p className="text-sm text-slate-600">This part of the portal is being prepared.</p>
    </Card>
  );
}
