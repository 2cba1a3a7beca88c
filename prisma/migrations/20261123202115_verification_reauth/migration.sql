-- AlterEnum
ALTER TYPE "VerificationPurpose" ADD VALUE 'REAUTH';
