import { runCli } from './main';

void runCli();
