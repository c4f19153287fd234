import { Center, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCode } from '../../lib/load-code';
import type { ChartOption } from './option';

// ECharts is the heaviest file of the public area: it is fetched only when a chart is about to
// scroll into view, so a visitor who goes straight to the lists never downloads it. A page of the
// old version whose file a new version replaced reloads into the new one (loadCode).
const EChart = lazy(() =>
  loadCode(
    () => import('./echart'),
    () => ({ default: ChartOffline }),
  ),
);

/** In place of a chart whose library was never loaded on this device, while offline. */
function ChartOffline({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <Center h={height} mt="sm">
      <Text c="dimmed" size="sm">
        {t('Sin conexión')}
      </Text>
    </Center>
  );
}

/**
 * A chart that loads its library when it comes near the screen; a skeleton of its size until then.
 * To a screen reader it is one image (WCAG 1.1.1): `label` names it and `description`, when given,
 * states its figures briefly (both in the page's language, from the start, whether or not the
 * library has loaded); what the chart draws inside is not read.
 */
export function LazyChart({
  option,
  height,
  label,
  description,
}: {
  option: ChartOption;
  height: number;
  label: string;
  description?: string;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const descriptionId = useId();

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const skeleton = <Skeleton height={height} mt="sm" />;
  return (
    <>
      <div
        ref={placeholder}
        role="img"
        aria-label={label}
        aria-describedby={description ? descriptionId : undefined}
      >
        {near ? (
          <Suspense fallback={skeleton}>
            <EChart option={option} height={height} />
          </Suspense>
        ) : (
          skeleton
        )}
      </div>
      {description ? (
        <div id={descriptionId} hidden>
          {description}
        </div>
      ) : null}
    </>
  );
}
