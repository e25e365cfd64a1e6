import type { SolverName } from '@faraday/physics/schemas';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { saveFile } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import type { Shown } from '../api/runs';
import { downloadRunData } from '../api/runs';

function b64ToBlob(base64: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** The run's numbers (data.json, whole, from the server) and its figure as PNG and, when drawn, SVG. */
export function RunDownloads({ solver, shown }: { solver: SolverName; shown: Shown }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const { output } = shown;
  const downloadData = async () => {
    setDownloading(true);
    try {
      await downloadRunData(shown.id, `${solver}-${shown.id}.json`);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error, t) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={downloadData} loading={downloading}>
        {t('lab.downloadData')}
      </Button>
      <Button
        size="xs"
        variant="light"
        onClick={() => saveFile(b64ToBlob(output.png_base64, 'image/png'), `${solver}-${shown.id}.png`)}
      >
        {t('lab.downloadPng')}
      </Button>
      {output.svg && (
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            saveFile(new Blob([output.svg as string], { type: 'image/svg+xml' }), `${solver}-${shown.id}.svg`)
          }
        >
          {t('lab.downloadSvg')}
        </Button>
      )}
    </Group>
  );
}
