import { api } from './api';
import { saveFile } from './format';

/** Downloads a stored file (a resource or a submission's attachment) by its `download_url` and saves it. */
export async function downloadFile(downloadUrl: string, fileName: string): Promise<void> {
  saveFile(await api.resources.download(downloadUrl), fileName);
}
