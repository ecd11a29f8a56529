import 'reflect-metadata';
import { runStandalone } from '../kit/standalone';
import { scheduling } from './index';

runStandalone(scheduling);
