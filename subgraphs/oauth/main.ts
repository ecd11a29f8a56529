import 'reflect-metadata';
import { runStandalone } from '../kit/standalone';
import { oauth } from './index';

runStandalone(oauth);
