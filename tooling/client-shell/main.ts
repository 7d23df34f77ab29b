// The bundle's entry: the same for every marina; the build plugin supplies the brand.
import config from 'virtual:marina/config';
import 'virtual:marina/brand.css';
import { startApp } from '@marina/core/app/start.tsx';

void startApp(config, document.getElementById('root')!);
