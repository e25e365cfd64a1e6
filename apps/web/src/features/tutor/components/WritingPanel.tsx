import { MIN_WRITING_CHARS, type WritingType, writingTypes } from '@faraday/contracts';
import { Alert, Button, FileButton, Group, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useAnalyzeWriting } from '../api/writing';
import { WritingResult } from './WritingResult';

const levels = ['school', 'undergraduate', 'master', 'phd'] as const;
const MAX_UPLOAD_BYTES = 1024 * 1024;

/** Writing analysis: paste or upload a text, pick its type and level, read the rubric's verdict. */
export function WritingPanel() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [type, setType] = useState<WritingType>('course_paper');
  const [level, setLevel] = useState<(typeof levels)[number]>('undergraduate');
  const [fileError, setFileError] = useState<string | null>(null);
  const analyse = useAnalyzeWriting();
  const tooShort = text.trim().length > 0 && text.trim().length < MIN_WRITING_CHARS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length >= MIN_WRITING_CHARS)
      analyse.mutate({ content: text, type, level, lang: i18n.resolvedLanguage === 'zh' ? 'zh' : 'en' });
  };
  const upload = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(t('tutor.writing.fileTooLarge'));
      return;
    }
    setText(await file.text());
  };
  return (
    <Stack>
      <form onSubmit={submit}>
        <Stack maw={900}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('tutor.writing.type')}
              value={type}
              onChange={(v) => v && setType(v as WritingType)}
              allowDeselect={false}
              data={writingTypes.map((w) => ({ value: w, label: t(`tutor.writing.types.${w}`) }))}
            />
            <Select
              label={t('tutor.writing.level')}
              value={level}
              onChange={(v) => v && setLevel(v as (typeof levels)[number])}
              allowDeselect={false}
              data={levels.map((l) => ({ value: l, label: t(`tutor.writing.levels.${l}`) }))}
            />
          </SimpleGrid>
          <Textarea
            label={t('tutor.writing.text')}
            description={t('tutor.writing.textHint', { min: MIN_WRITING_CHARS })}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={20}
            maxLength={100_000}
            error={tooShort ? t('tutor.writing.tooShort', { min: MIN_WRITING_CHARS }) : fileError}
          />
          <Group>
            <Button
              type="submit"
              loading={analyse.isPending}
              disabled={text.trim().length < MIN_WRITING_CHARS}
            >
              {t('tutor.writing.analyse')}
            </Button>
            <FileButton onChange={(f) => void upload(f)} accept=".txt,.md,text/plain,text/markdown">
              {(props) => (
                <Button variant="default" {...props}>
                  {t('tutor.writing.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </form>
      {analyse.isError && (
        <Alert color="red" role="alert">
          {errorMessage(analyse.error, t)}
        </Alert>
      )}
      {analyse.isSuccess && <WritingResult text={analyse.variables.content} result={analyse.data} />}
    </Stack>
  );
}
