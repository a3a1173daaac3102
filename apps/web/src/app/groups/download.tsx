// Page group "download" (4.CHK.01): /down and /download.
export { DownloadPage } from '@/features/download/components/download-page';
