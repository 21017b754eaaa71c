#!/bin/bash
# One check split across 4 tasks of a Slurm job array: sbatch Examples/Cluster/slurm-array.sh
# Each task runs part $SLURM_ARRAY_TASK_ID; the parts meet in a folder on the shared filesystem.
#SBATCH --job-name=ridecheck-mytaxi-qa
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --mem=8G
#SBATCH --time=04:00:00
# A task whose node fails is queued again and carries on from its last finished level.
#SBATCH --requeue
# Every task must run at once (the parts wait for one another at each level): no %limit on --array.

exchange="${RIDECHECK_EXCHANGE:-$HOME/ridecheck/mytaxi-qa-$SLURM_ARRAY_JOB_ID}"
exec verify check --model mytaxi --scope qa --quiet --shard 4 --exchange "$exchange" --output "$exchange.txt"
